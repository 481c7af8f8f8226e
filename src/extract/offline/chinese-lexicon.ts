// Closed word lists the Chinese patterns read (simplified and traditional forms where they differ).

/** Relations a name can be given for ("我女儿叫朵朵"), and the slot the name fills. */
export const ZH_RELATIONS: Readonly<Record<string, string>> = {
  女儿: 'child:name',
  儿子: 'child:name',
  孩子: 'child:name',
  大女儿: 'child:name',
  小女儿: 'child:name',
  大儿子: 'child:name',
  小儿子: 'child:name',
  宝宝: 'child:name',
  老大: 'child:name',
  老二: 'child:name',
  大宝: 'child:name',
  二宝: 'child:name',
  老公: 'partner:name',
  老婆: 'partner:name',
  丈夫: 'partner:name',
  妻子: 'partner:name',
  爱人: 'partner:name',
  先生: 'partner:name',
  太太: 'partner:name',
  男朋友: 'partner:name',
  女朋友: 'partner:name',
  对象: 'partner:name',
  未婚夫: 'partner:name',
  未婚妻: 'partner:name',
  猫: 'pet:name',
  狗: 'pet:name',
  猫咪: 'pet:name',
  狗狗: 'pet:name',
  小猫: 'pet:name',
  小狗: 'pet:name',
  宠物: 'pet:name',
  兔子: 'pet:name',
  仓鼠: 'pet:name',
  鹦鹉: 'pet:name',
  哥哥: 'sibling:name',
  姐姐: 'sibling:name',
  弟弟: 'sibling:name',
  妹妹: 'sibling:name',
  爸爸: 'parent:name',
  妈妈: 'parent:name',
  父亲: 'parent:name',
  母亲: 'parent:name',
  // Grandchildren have no slot of their own: a fact, without a key (as English reads "grandson").
  孙子: '',
  孙女: '',
  外孙: '',
  外孙女: '',
};

/** "我的X是Y": the slot X names. */
export const ZH_SLOT_NOUNS: Readonly<Record<string, string>> = {
  生日: 'birthday',
  时区: 'timezone',
  老家: 'hometown',
  家乡: 'hometown',
  名字: 'name',
};

/** Endings of occupations ("我是一名小学老师"). */
export const ZH_OCCUPATION =
  /(?:老师|教师|医生|大夫|护士|工程师|程序员|经理|设计师|律师|会计|学生|司机|厨师|记者|警察|研究员|分析师|顾问|教授|作家|编辑|主播|博主|创业者|老板|店主|公务员|销售|客服|翻译|演员|歌手|画家|摄影师|运营|产品经理|架构师|科学家|药剂师|兽医|保安|快递员|外卖员|研究生|大学生|本科生|博士生|博士|实习生|自由职业者|全职妈妈|全职爸爸|全职太太|家庭主妇|家庭主夫|宝妈)$/;

/**
 * How the name of a trade usually ends ("乘务员", "理发师", "电工", "交警", "木匠", "列车长"): read as an occupation
 * after "我是" unless ZH_NOT_OCCUPATIONS names it (a member, a beginner, a parent): trades are too many for a list.
 */
export const ZH_OCCUPATION_ENDING = /(?:员|师|工|医|警|官|匠|长)$/;

/** Words with a trade's ending that are not a job. */
export const ZH_NOT_OCCUPATIONS =
  /^(?:会员|学员|成员|党员|队员|团员|社员|新会员|老会员|家长|班长|学长|师长|兄长|大师)$/;

/** Fields of work said as "我做销售的" ("I do sales"), without "是" before them. */
export const ZH_WORK_FIELDS =
  /^(?:销售|设计|IT|技术|财务|会计|人事|HR|运营|市场|教育|医疗|金融|外贸|电商|物流|装修|餐饮|开发|测试|产品|行政|法务|翻译|自媒体|直播|广告|建筑|保险|房产|中介|审计|咨询|外卖|快递|美容|美发)$/i;

/** Cities and regions: "我在上海工作" names a place, not an employer. */
export const ZH_PLACES =
  /^(?:北京|上海|广州|深圳|杭州|成都|重庆|天津|南京|武汉|西安|苏州|长沙|郑州|青岛|厦门|大连|沈阳|哈尔滨|昆明|合肥|福州|济南|宁波|无锡|东莞|佛山|珠海|香港|澳门|台北|台湾|国外|海外|美国|日本|英国|德国|法国|加拿大|澳洲|澳大利亚|新加坡|东北|华北|华南|西北|江南|四川|湖南|湖北|广东|广西|福建|浙江|江苏|山东|山西|河南|河北|云南|贵州|陕西|甘肃|安徽|江西|辽宁|吉林|黑龙江|内蒙古|新疆|西藏|海南|宁夏|青海|.{1,4}(?:省|市|区|县|镇|村|州))$/;

/** Places that are not an organisation or a residence ("我在家工作"). */
export const ZH_NOT_ORG = /^(?:家|家里|这里|那里|这儿|那儿|外面|公司|学校|单位|线上|网上|附近|楼下|办公室)$/;

/** Words that make a statement about now, not a lasting fact ("我今天不想吃辣的"). */
export const ZH_MOMENTARY =
  /今天|今晚|今早|明天|昨天|前天|后天|刚才|刚刚|这周|这个周末|这周末|一会儿|待会|等会|这几天|这两天|此刻|暂时/;

/**
 * Before a statement in its sentence: hypothetical, wished, or someone else's words. The user's own asides with 说
 * ("说来话长", "说实话", "老实说", "话说") are no one else's words.
 */
export const ZH_NOT_ASSERTED =
  /如果|假如|要是|假设|万一|假使|倘若|想象|假若|若是|希望我|要不是|(?:[^我实话]|跟我|对我|和我|给我)说(?!话|来话长|实话|真的)|听说|据说|告诉我|觉得我|以为我|可能|也许|或许/;

/**
 * A question without a question mark; not 什么 as "any" after a negation ("别给我推荐什么付费课了") or before 都/也
 * ("什么都吃").
 */
export const ZH_QUESTION =
  /(?:吗|呢|么)\s*$|是不是|要不要|会不会|能不能|可不可以|有没有|怎么|(?<!(?:别|不要|不用|不想|没有|没)[^,;:!?。]{0,6})什么(?![都也])|哪里|哪儿|哪个|哪些|为什么|为啥|多少|几点|几个|几次|谁|多久|多长时间|咋|如何|啥/;

/** A request not to keep something. */
export const ZH_DO_NOT_KEEP =
  /(?:不用|别|不要|不必|不需要|无需|没必要)(?:再)?(?:帮我)?(?:记|存|保存)|忘了(?:这|吧|它)|忘掉|忘记(?:这|它|我说)/;

/** Turn openings that ask for work on a text. */
export const ZH_TASK =
  /^(?:请|麻烦)?(?:你)?(?:帮我|给我)?(?:翻译|写一|写个|写篇|改写|修改|润色|总结一下|检查一下|解释一下)|翻译成|翻成|译成|怎么说|怎么写|用.{1,4}(?:怎么|如何)(?:说|讲|表达)/;

/** Past: "以前我讨厌..." is not a current taste. */
export const ZH_PAST = /以前|曾经|小时候|过去|原来/;

/** Diets, as alternatives for a pattern. */
export const ZH_DIETS =
  '吃素|吃全素|吃纯素|是素食者|是素食主义者|是纯素食者|是纯素主义者|只吃清真|吃清真|吃斋';

/** Conditions that limit what the user can eat or do, as alternatives for a pattern. */
export const ZH_CONDITIONS =
  '糖尿病|高血压|哮喘|痛风|胃病|胃炎|乳糖不耐受|麸质不耐受|心脏病|肾病|癫痫|胃溃疡|房颤|冠心病|心衰|帕金森|' +
  '阿尔茨海默|老年痴呆|中风|骨质疏松|白内障|青光眼|甲亢|甲减|贫血|' +
  // Lasting conditions of the joints, spine, skin, glands, nerves and mind, and of speech, hearing and sight.
  '强直性脊柱炎|桥本甲状腺炎|桥本氏甲状腺炎|甲状腺炎|类风湿关节炎|类风湿|关节炎|腰椎间盘突出|椎间盘突出|颈椎病|' +
  '过敏性鼻炎|鼻炎|湿疹|银屑病|牛皮癣|红斑狼疮|偏头痛|肠易激综合征|肠易激|胆结石|肾结石|脂肪肝|高血脂|高尿酸|' +
  '多囊卵巢综合征|多囊卵巢|子宫内膜异位症|抑郁症|焦虑症|双相情感障碍|自闭症|多动症|口吃|弱视|色盲|色弱|听力障碍';

/** Languages an answer can be asked in. */
export const ZH_LANGUAGES =
  '中文|汉语|普通话|英文|英语|日语|日文|韩语|韩文|法语|德语|西班牙语|粤语|繁体中文|简体中文|繁体|简体';
